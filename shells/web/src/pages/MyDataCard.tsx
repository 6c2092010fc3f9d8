import { Card } from '@meritmatch/ui';
import { useSession } from '@meritmatch/web-session';
import { Link } from 'react-router-dom';

/** The page's link texts (the page's own texts are `myDataTexts` in the contracts, loaded with it). */
export const myDataCardTexts = {
  title: 'Your data',
  body: 'See what MeritMatch holds about you, and download all of it as one file.',
  link: 'See and download your data',
} as const;

/** On Account settings: the way to "Download my data", for job seekers and employers. */
export function MyDataCard() {
  const { session } = useSession();
  const role = session?.user.userType;
  if (role !== 'job_seeker' && role !== 'employer') return null;
  return (
    <Card title={myDataCardTexts.title}>
      <p className="muted">{myDataCardTexts.body}</p>
      <Link to="/account/data">{myDataCardTexts.link}</Link>
    </Card>
  );
}
