import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Shown at the end of the label's line, e.g. the card brand. */
  adornment?: React.ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** Label, input, hint and error wired for screen readers: the error is described by and announced with the input. */
export function TextField({ label, error, hint, adornment, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      {/* The adornment sits beside the label, not inside the input: a 19-digit number needs the width. */}
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {adornment ? <span className="field__adornment">{adornment}</span> : null}
      </div>
      <div className="field__control">
        {/* "Next" on a phone's keyboard; the form moves on to the next empty field (use-payment-submit.ts). */}
        <input
          enterKeyHint="next"
          {...input}
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
