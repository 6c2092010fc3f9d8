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
  /**
   * Something to know that does not stop the form, shown under the field and announced
   * politely. Pass `null` while there is nothing to say: the announcing region is then already
   * there when the first warning comes (a region that appears with its text is often not read).
   */
  warning?: ReactNode;
  required?: boolean | undefined;
};

type FieldIds = { fieldId: string; errorId: string; hintId: string; warningId: string };

function useFieldIds(id: string | undefined): FieldIds {
  const generated = useId();
  const fieldId = id ?? `f${generated.replaceAll(':', '')}`;
  return { fieldId, errorId: `${fieldId}-error`, hintId: `${fieldId}-hint`, warningId: `${fieldId}-warning` };
}

/**
 * A field's props apart: what its chrome shows (label, hint, warning, error), the attributes
 * that tie the control to them, and the rest, for the control (spread last, so a caller's own
 * attribute wins).
 */
function useField<Rest>({
  label,
  error,
  hint,
  warning,
  required,
  id,
  ...control
}: FieldChrome & { id?: string | undefined } & Rest) {
  const ids = useFieldIds(id);
  const describedBy =
    [hint ? ids.hintId : undefined, warning ? ids.warningId : undefined, error ? ids.errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  return {
    chrome: { ...ids, label, error, hint, warning, required },
    tied: {
      id: ids.fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-required': required || undefined,
      'aria-describedby': describedBy,
    },
    control,
  };
}

function Chrome({
  fieldId,
  errorId,
  hintId,
  warningId,
  label,
  error,
  hint,
  warning,
  required,
  children,
}: FieldChrome & FieldIds & { children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : warning ? ' field--warned' : ''}`}>
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
      {warning === undefined ? null : (
        <div className="field__warning-region" role="status">
          {warning ? (
            <p className="field__warning" id={warningId}>
              {warning}
            </p>
          ) : null}
        </div>
      )}
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

export function TextField({ className, ref, ...props }: TextFieldProps) {
  const { chrome, tied, control } = useField(props);
  return (
    <Chrome {...chrome}>
      <input ref={ref} className={`input${className ? ` ${className}` : ''}`} {...tied} {...control} />
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

export function SelectField({ options, placeholder, ref, ...props }: SelectFieldProps) {
  const { chrome, tied, control } = useField(props);
  return (
    <Chrome {...chrome}>
      <select ref={ref} className="input select" {...tied} {...control}>
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

export function TextAreaField({ className, ref, ...props }: TextAreaFieldProps) {
  const { chrome, tied, control } = useField(props);
  return (
    <Chrome {...chrome}>
      <textarea
        ref={ref}
        className={`input textarea${className ? ` ${className}` : ''}`}
        {...tied}
        {...control}
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
