import { type CountryCode, countryName, preferencesTexts } from '@meritmatch/contracts';
import { Button, TextField } from '@meritmatch/ui';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { countryOptions, countryTyped } from './preferences-form';

/**
 * The countries where the candidate may work: a text field that suggests every country by name
 * (a native list, so typing, the arrow keys and a phone's own picker all work), Enter or "Add
 * country" to add the one typed, and the chosen ones as a list, each with its own Remove button.
 * A polite status says what was added or removed; focus goes back to the field after a removal.
 */
export function CountryPicker({
  chosen,
  onChange,
  disabled,
  error,
}: {
  chosen: readonly CountryCode[];
  onChange: (countries: CountryCode[]) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const listId = `countries-${useId().replaceAll(':', '')}`;
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [announced, setAnnounced] = useState('');

  const add = () => {
    const code = countryTyped(typed);
    if (!code) {
      setProblem(typed.trim() === '' ? 'Type a country first' : 'Choose a country from the list');
      return;
    }
    setProblem(undefined);
    setTyped('');
    if (chosen.includes(code)) {
      setAnnounced(`${countryName(code)} is already in your list`);
      return;
    }
    onChange([...chosen, code]);
    setAnnounced(`${countryName(code)} added`);
  };
  const remove = (code: CountryCode) => {
    onChange(chosen.filter((other) => other !== code));
    setAnnounced(`${countryName(code)} removed`);
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the country typed instead of saving the whole form
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div className="stack country-picker">
      <div className="country-picker__add">
        <TextField
          ref={input}
          label={preferencesTexts.countries}
          hint={preferencesTexts.countriesHint}
          list={listId}
          autoComplete="off"
          placeholder="e.g. Germany"
          value={typed}
          disabled={disabled}
          error={problem ?? error}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" disabled={disabled} onClick={add}>
          Add country
        </Button>
      </div>
      <datalist id={listId}>
        {countryOptions.map((option) => (
          <option key={option.code} value={option.name} />
        ))}
      </datalist>
      {chosen.length === 0 ? (
        <p className="small muted">Anywhere: no country chosen.</p>
      ) : (
        <ul className="chips" aria-label="Chosen countries">
          {chosen.map((code) => (
            <li key={code} className="chip">
              <span>{countryName(code)}</span>
              <Button
                size="sm"
                variant="ghost"
                className="chip__remove"
                disabled={disabled}
                aria-label={`Remove ${countryName(code)}`}
                onClick={() => remove(code)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </div>
  );
}
