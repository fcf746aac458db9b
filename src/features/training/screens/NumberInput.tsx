import { useState, type InputHTMLAttributes } from 'react';
import { numberText, parseDecimal, parseWhole } from './numbers';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  value: number;
  onValue: (value: number) => void;
  whole?: boolean;
};

/**
 * A number field that keeps what the member types ("62," on the way to "62,5") while its owner
 * holds a number (NaN until the text is one). A new value from outside replaces the text.
 */
export function NumberInput({ value, onValue, whole = false, ...rest }: Props) {
  const parse = whole ? parseWhole : parseDecimal;
  const [text, setText] = useState(() => numberText(value));
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!Object.is(parse(text), value)) setText(numberText(value));
  }
  return (
    <input
      {...rest}
      type="text"
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      // A prefilled number is usually replaced, not edited.
      onFocus={(event) => event.target.select()}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const parsed = parse(next);
        setShown(parsed);
        onValue(parsed);
      }}
    />
  );
}
