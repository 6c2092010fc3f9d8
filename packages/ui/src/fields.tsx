import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

type FieldChrome = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
};

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const fieldId = id ?? `f${generated.replaceAll(':', '')}`;
  return { fieldId, errorId: `${fieldId}-error`, hintId: `${fieldId}-hint` };
}

function describedBy(error: string | undefined, hint: ReactNode, errorId: string, hintId: string) {
  return [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
}

function Chrome({
  fieldId,
  errorId,
  hintId,
  label,
  error,
  hint,
  required,
  children,
}: FieldChrome & { fieldId: string; errorId: string; hintId: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={fieldId}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = FieldChrome &
  InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, error, hint, required, id, className, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Chrome {...ids} label={label} error={error} hint={hint} required={required}>
      <input
        ref={ref}
        id={ids.fieldId}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(error, hint, ids.errorId, ids.hintId)}
        {...input}
      />
    </Chrome>
  );
}

export type Option = { value: string; label: string };

export type SelectFieldProps = FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly Option[];
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  };

export function SelectField({
  label,
  error,
  hint,
  required,
  id,
  options,
  placeholder,
  ref,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Chrome {...ids} label={label} error={error} hint={hint} required={required}>
      <select
        ref={ref}
        id={ids.fieldId}
        className="input select"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(error, hint, ids.errorId, ids.hintId)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Chrome>
  );
}

export type TextAreaFieldProps = FieldChrome &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({
  label,
  error,
  hint,
  required,
  id,
  className,
  ref,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Chrome {...ids} label={label} error={error} hint={hint} required={required}>
      <textarea
        ref={ref}
        id={ids.fieldId}
        className={`input textarea${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(error, hint, ids.errorId, ids.hintId)}
        {...textarea}
      />
    </Chrome>
  );
}

export type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function CheckboxField({ label, id, ref, ...input }: CheckboxFieldProps) {
  const { fieldId } = useFieldIds(id);
  return (
    <div className="checkbox">
      <input ref={ref} type="checkbox" id={fieldId} {...input} />
      <label htmlFor={fieldId}>{label}</label>
    </div>
  );
}
