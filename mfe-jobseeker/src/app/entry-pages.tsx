import { EntrySectionPage } from '../shared/EntrySectionPage';
import { certificationsSection, educationSection, experienceSection } from './list-sections';

// The three list sections, each with its form: one chunk, loaded with the first of them.
export const ExperiencePage = () => <EntrySectionPage definition={experienceSection} />;
export const EducationPage = () => <EntrySectionPage definition={educationSection} />;
export const CertificationsPage = () => <EntrySectionPage definition={certificationsSection} />;
