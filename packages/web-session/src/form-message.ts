import { useCallback, useState } from 'react';

/**
 * SPEC.md section 4: a message containing the word 'successfully' is a success; anything
 * else is an error. Any case: 'Successfully unmatched from candidate' is a success too.
 */
export const isSuccessMessage = (message: string) => /successfully/i.test(message);

export type FormMessage = {
  message: string;
  isSuccess: boolean;
  show: (message: string) => void;
  clear: () => void;
  /** Call on typing: clears an error, keeps a success. */
  clearIfError: () => void;
};

export function useFormMessage(): FormMessage {
  const [message, setMessage] = useState('');
  const clear = useCallback(() => setMessage(''), []);
  const clearIfError = useCallback(
    () => setMessage((current) => (isSuccessMessage(current) ? current : '')),
    [],
  );
  return { message, isSuccess: isSuccessMessage(message), show: setMessage, clear, clearIfError };
}
