import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileButton } from './index';

describe('FileButton', () => {
  it('is a real file input named by a label drawn as a button, described by the chosen file', () => {
    const onChange = vi.fn();
    render(<FileButton id="f" label="Choose a CSV file" status="No file chosen yet." describedBy="hint" accept=".csv" onChange={onChange} />);
    const input = screen.getByLabelText('Choose a CSV file') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.csv');
    expect(input.tabIndex).toBe(0);
    expect(input.labels?.[0]?.className).toMatch(/\bbtn\b/);
    expect(input.getAttribute('aria-describedby')).toBe('f-status hint');
    expect(document.getElementById('f-status')?.textContent).toBe('No file chosen yet.');
    fireEvent.change(input, { target: { files: [new File(['a'], 'log.csv')] } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
