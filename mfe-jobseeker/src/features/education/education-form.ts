import {
  blankToUndefined,
  degrees,
  type Education,
  type JobSeekerProfile,
  maxGraduationYear,
  minGraduationYear,
  ZEducationInput,
} from '@meritmatch/contracts';
import { contractResolver, formatGpa as outOfFour } from '@meritmatch/web-kit';

export type EducationEntry = JobSeekerProfile['education'][number];

/** Numbers stay text in the form: an empty year or GPA is left out of the payload. */
export type EducationFormValues = {
  institution: string;
  degree: string;
  fieldOfStudy: string;
  graduationYear: string;
  gpa: string;
};

export const degreeOptions = degrees.map((degree) => ({ value: degree, label: degree }));

export const graduationYearRange = () => ({ min: minGraduationYear, max: maxGraduationYear() });

export const emptyEducation: EducationFormValues = {
  institution: '',
  degree: '',
  fieldOfStudy: '',
  graduationYear: '',
  gpa: '',
};

export const educationFormValues = (entry: EducationEntry): EducationFormValues => ({
  institution: entry.institution,
  degree: entry.degree,
  fieldOfStudy: entry.field_of_study ?? '',
  graduationYear: entry.graduation_year === null ? '' : String(entry.graduation_year),
  gpa: entry.gpa === null ? '' : String(entry.gpa),
});

const numberOrUndefined = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
};

export const educationResolver = contractResolver<EducationFormValues, Education>(
  ZEducationInput,
  (values) => {
    const input: Record<string, unknown> = { institution: values.institution, degree: values.degree };
    const fieldOfStudy = blankToUndefined(values.fieldOfStudy);
    const graduationYear = numberOrUndefined(values.graduationYear);
    const gpa = numberOrUndefined(values.gpa);
    if (fieldOfStudy !== undefined) input.fieldOfStudy = fieldOfStudy;
    if (graduationYear !== undefined) input.graduationYear = graduationYear;
    if (gpa !== undefined) input.gpa = gpa;
    return input;
  },
);

/** `3.7` reads `GPA 3.70/4.0`. */
export const formatGpa = (gpa: number) => `GPA ${outOfFour(gpa)}`;
