import { PinIcon } from './icons';

/** A candidate's place after a pin, announced as 'Location: …'. Goes inside the element that lays it out. */
export function LocationLabel({ location }: { location: string }) {
  return (
    <>
      <PinIcon />
      <span className="visually-hidden">Location: </span>
      {location}
    </>
  );
}
