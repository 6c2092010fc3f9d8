import { z } from 'zod';
import { queryInteger } from './primitives';

/**
 * Suggested skills, in the ten categories SPEC.md names, each with 7 to 16 examples: the job
 * seeker's skills page offers them, and the benchmarks' generated candidates draw from them.
 */
export const skillSuggestions: readonly { category: string; skills: readonly string[] }[] = [
  {
    category: 'Programming',
    skills: [
      'JavaScript',
      'TypeScript',
      'Python',
      'Java',
      'C#',
      'C++',
      'Go',
      'Rust',
      'PHP',
      'Ruby',
      'Kotlin',
      'Swift',
      'SQL',
      'React',
      'Node.js',
      'Git',
    ],
  },
  {
    category: 'Engineering',
    skills: [
      'AutoCAD',
      'SolidWorks',
      'MATLAB',
      'CAD Design',
      'Finite Element Analysis',
      'PLC Programming',
      'Circuit Design',
      'Lean Manufacturing',
      'Six Sigma',
      'Quality Assurance',
      'Technical Drawing',
      'Project Engineering',
    ],
  },
  {
    category: 'Healthcare',
    skills: [
      'Patient Care',
      'Clinical Documentation',
      'First Aid & CPR',
      'Medication Administration',
      'Electronic Health Records',
      'Phlebotomy',
      'Medical Terminology',
      'Infection Control',
      'Triage',
      'Vital Signs Monitoring',
    ],
  },
  {
    category: 'IT Systems',
    skills: [
      'Linux Administration',
      'Windows Server',
      'Networking (TCP/IP)',
      'AWS',
      'Microsoft Azure',
      'Google Cloud',
      'Docker',
      'Kubernetes',
      'Terraform',
      'CI/CD',
      'Cybersecurity',
      'Active Directory',
      'IT Support',
    ],
  },
  {
    category: 'Data & Analytics',
    skills: [
      'Data Analysis',
      'Excel (Advanced)',
      'Power BI',
      'Tableau',
      'Statistics',
      'Machine Learning',
      'Pandas',
      'R',
      'Data Visualization',
      'ETL',
      'Apache Spark',
      'A/B Testing',
    ],
  },
  {
    category: 'Design & Creative',
    skills: [
      'Figma',
      'Adobe Photoshop',
      'Adobe Illustrator',
      'InDesign',
      'UI Design',
      'UX Research',
      'Prototyping',
      'Graphic Design',
      'Video Editing',
      'Copywriting',
      'Photography',
      'Motion Graphics',
    ],
  },
  {
    category: 'Business Software',
    skills: [
      'Microsoft Office',
      'Google Workspace',
      'Salesforce',
      'SAP',
      'HubSpot',
      'QuickBooks',
      'Jira',
      'Confluence',
      'Trello',
      'Slack',
      'Zendesk',
    ],
  },
  {
    category: 'Soft Skills',
    skills: [
      'Communication',
      'Teamwork',
      'Leadership',
      'Problem Solving',
      'Time Management',
      'Critical Thinking',
      'Adaptability',
      'Negotiation',
      'Customer Service',
      'Public Speaking',
      'Conflict Resolution',
      'Mentoring',
    ],
  },
  {
    category: 'Languages',
    skills: [
      'English',
      'Spanish',
      'French',
      'German',
      'Portuguese',
      'Italian',
      'Mandarin Chinese',
      'Arabic',
      'Hindi',
      'Japanese',
      'Russian',
    ],
  },
  {
    category: 'Industry Specific',
    skills: [
      'Project Management',
      'Agile / Scrum',
      'Digital Marketing',
      'SEO',
      'Accounting',
      'Financial Analysis',
      'Supply Chain Management',
      'Logistics',
      'Sales',
      'Recruiting',
      'Bookkeeping',
      'Regulatory Compliance',
      'Retail Operations',
      'Hospitality',
    ],
  },
];

/** The longest skill name a profile takes. */
export const skillNameMaxLength = 60;

/** `GET /api/job-seeker/skill-suggestions?q=&limit=`: the vocabulary's skills for typed text. */
export const ZSkillSuggestionsQuery = z.strictObject({
  q: z
    .string({ message: 'Type part of a skill' })
    .trim()
    .min(1, { message: 'Type part of a skill' })
    .max(skillNameMaxLength, { message: `A skill must be at most ${skillNameMaxLength} characters` }),
  limit: queryInteger('limit', { min: 1, max: 20, fallback: 8 }),
});

/** One suggestion: the skill's id and shown name, and which of its names the text matched ("JS"). */
export const ZSkillSuggestion = z.strictObject({
  id: z.string(),
  name: z.string().max(skillNameMaxLength),
  matched: z.string(),
});
export type SkillSuggestionView = z.output<typeof ZSkillSuggestion>;
export const ZSkillSuggestionsAnswer = z.strictObject({ suggestions: z.array(ZSkillSuggestion) });
