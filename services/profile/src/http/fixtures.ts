/** Realistic inputs for the profile API tests. */
export const profileInput = {
  fullName: 'Amara Okafor',
  phone: '+44 7700 900123',
  location: 'Manchester, UK',
  dateOfBirth: '1994-05-17',
  gender: 'female',
};

export const experienceInput = {
  companyName: 'Northwind Logistics',
  position: 'Backend Engineer',
  startDate: '2019-02-01',
  endDate: '2022-08-31',
  description: 'Built routing services in TypeScript and PostgreSQL.',
  isCurrent: false,
  experienceType: 'professional',
  skills: ['TypeScript', 'PostgreSQL'],
};

export const educationInput = {
  institution: 'University of Leeds',
  degree: "Bachelor's Degree",
  fieldOfStudy: 'Computer Science',
  graduationYear: 2016,
  gpa: 3.7,
};

export const certificationInput = {
  name: 'AWS Certified Developer – Associate',
  issuer: 'Amazon Web Services',
  issueDate: '2021-06-10',
  expiryDate: '2024-06-10',
  credentialId: 'AWS-DEV-12345',
  credentialUrl: 'https://aws.amazon.com/verification/12345',
  skills: ['AWS'],
};
