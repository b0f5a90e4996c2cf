import { useState } from 'react';
import { TextField } from '@web/components/ui/field';

/** The 'Email Address' field of the auth screens: e-mail keyboard and autofill; `onValueChange` gets the text. */
export function EmailField({ value, error, onValueChange }: { value: string; error?: string; onValueChange: (value: string) => void }) {
  return (
    <TextField
      label="Email Address"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      error={error}
      onChange={(e) => onValueChange(e.target.value)}
    />
  );
}

/** The state of an EmailField: its text and its error (editing the text clears the error). Spread it on the field. */
export function useEmailField() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onValueChange = (text: string) => {
    setValue(text);
    setError(undefined);
  };
  return { value, error, setError, onValueChange };
}
