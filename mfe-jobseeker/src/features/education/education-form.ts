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
import { blankFields } from '../../shared/blank-fields';
import type { EntryFormSpec } from '../../shared/useEntryForm';

export type EducationEntry = JobSeekerProfile['education'][number];

export const degreeOptions = degrees.map((degree) => ({ value: degree, label: degree }));

export const graduationYearRange = () => ({ min: minGraduationYear, max: maxGraduationYear() });

/** Numbers stay text in the form: an empty year or GPA is left out of the payload. */
const emptyEducation = blankFields('institution', 'degree', 'fieldOfStudy', 'graduationYear', 'gpa');
export type EducationFormValues = typeof emptyEducation;

const numberOrUndefined = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
};

export const educationForm: EntryFormSpec<EducationFormValues, Education, EducationEntry> = {
  empty: emptyEducation,
  toValues: (entry) => ({
    institution: entry.institution,
    degree: entry.degree,
    fieldOfStudy: entry.field_of_study ?? '',
    graduationYear: entry.graduation_year === null ? '' : String(entry.graduation_year),
    gpa: entry.gpa === null ? '' : String(entry.gpa),
  }),
  resolver: contractResolver(ZEducationInput, (values) => {
    const input: Record<string, unknown> = { institution: values.institution, degree: values.degree };
    const fieldOfStudy = blankToUndefined(values.fieldOfStudy);
    const graduationYear = numberOrUndefined(values.graduationYear);
    const gpa = numberOrUndefined(values.gpa);
    if (fieldOfStudy !== undefined) input.fieldOfStudy = fieldOfStudy;
    if (graduationYear !== undefined) input.graduationYear = graduationYear;
    if (gpa !== undefined) input.gpa = gpa;
    return input;
  }),
  firstField: 'institution',
  // the degree is one of a fixed list
  employerSees: [
    { name: 'institution', label: 'Institution' },
    { name: 'fieldOfStudy', label: 'Field of study' },
  ],
};

/** `3.7` reads `GPA 3.70/4.0`. */
export const formatGpa = (gpa: number) => `GPA ${outOfFour(gpa)}`;
