import { useId, type ReactNode } from 'react';
import { cx } from '../cx';
import './segmented.css';

interface SegmentedProps<T extends string> {
  legend: ReactNode;
  name: string;
  options: readonly { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  hint?: ReactNode;
  className?: string;
}

/** One choice of a few (theme, units): radio buttons drawn as a row of segments that wraps on a narrow phone. */
export function Segmented<T extends string>({ legend, name, options, value, onChange, hint, className }: SegmentedProps<T>) {
  const hintId = useId();
  return (
    <fieldset className={cx('segmented', className)} aria-describedby={hint ? hintId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {hint && <p id={hintId} className="field__hint">{hint}</p>}
    </fieldset>
  );
}
