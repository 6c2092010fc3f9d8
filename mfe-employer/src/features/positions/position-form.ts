import {
  type Currency,
  currencies,
  educationFilterLabels,
  educationFilters,
  experienceFilterLabels,
  experienceFilters,
  type Position,
  type PositionFields,
  type WorkMode,
  workModeLabels,
  workModes,
  ZPositionInput,
} from '@meritmatch/contracts';
import { contractResolver } from '@meritmatch/web-kit';

type Experience = (typeof experienceFilters)[number];
type Education = (typeof educationFilters)[number];

/**
 * What the position form edits: text, shaped like `ZPositionInput` so that a problem's path (the
 * resolver's or the server's, `salary.max`) names its field. Skills are comma-separated.
 */
export type PositionFormValues = {
  title: string;
  description: string;
  workMode: WorkMode;
  location: string;
  /** '' for none: remote work open to any country. */
  country: string;
  salary: { min: string; max: string; currency: Currency };
  mustHave: string;
  niceToHave: string;
  experience: Experience;
  education: Education;
  /** '' for no limit. */
  startWithinWeeks: string;
};

export const emptyPositionForm: PositionFormValues = {
  title: '',
  description: '',
  workMode: 'on-site',
  location: '',
  country: '',
  salary: { min: '', max: '', currency: 'EUR' },
  mustHave: '',
  niceToHave: '',
  experience: 'all',
  education: 'all',
  startWithinWeeks: '',
};

export const positionFormValues = (position: Position): PositionFormValues => ({
  title: position.title,
  description: position.description,
  workMode: position.work_mode,
  location: position.location ?? '',
  country: position.country ?? '',
  salary: {
    min: String(position.salary.min),
    max: String(position.salary.max),
    currency: position.salary.currency,
  },
  mustHave: position.must_have.join(', '),
  niceToHave: position.nice_to_have.join(', '),
  experience: position.experience,
  education: position.education,
  startWithinWeeks: position.start_within_weeks === null ? '' : String(position.start_within_weeks),
});

/** `React, Node.js` as a list; blank items are dropped. */
export const skillsIn = (text: string) =>
  text
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);

/** A typed amount as a number ('60,000' and '60 000' too); blank is no number, which the contract names. */
const amountIn = (text: string) => {
  const digits = text.replace(/[\s,]/g, '');
  return digits === '' ? undefined : Number(digits);
};

export const positionInputOf = (values: PositionFormValues) => ({
  ...values,
  salary: {
    min: amountIn(values.salary.min),
    max: amountIn(values.salary.max),
    currency: values.salary.currency,
  },
  mustHave: skillsIn(values.mustHave),
  niceToHave: skillsIn(values.niceToHave),
  startWithinWeeks: values.startWithinWeeks.trim() === '' ? null : Number(values.startWithinWeeks.trim()),
});

export const positionResolver = contractResolver<PositionFormValues, PositionFields>(
  ZPositionInput,
  positionInputOf,
);

export const workModeOptions = workModes.map((mode) => ({ value: mode, label: workModeLabels[mode] }));
export const currencyOptions = currencies.map((currency) => ({ value: currency, label: currency }));
/** The search's levels; a position that asks for none reads "Any". */
export const experienceLevelOptions = experienceFilters.map((level) => ({
  value: level,
  label: level === 'all' ? 'Any' : experienceFilterLabels[level],
}));
export const educationLevelOptions = educationFilters.map((level) => ({
  value: level,
  label: level === 'all' ? 'Any' : educationFilterLabels[level],
}));
