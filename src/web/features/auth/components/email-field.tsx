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
