import { renderComponent, screen, waitFor } from '@meritmatch/web-testkit';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type CodeOnDemand, OnDemand, onDemand, onDemandRetryDelaysMs, useCodeOnDemand } from './on-demand';

type Editor = { text: string };
type GreetingCode = { Greeting: (props: { name: string }) => ReactNode };

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function Shows({ code, wanted, id }: { code: CodeOnDemand<Editor>; wanted: boolean; id: string }) {
  const loaded = useCodeOnDemand(code, wanted);
  return <p data-testid={id}>{loaded ? loaded.text : 'not yet'}</p>;
}

describe('code loaded on demand', () => {
  it('fetches nothing until wanted, then once, and gives it at once to whoever asks later', async () => {
    const load = vi.fn(async () => ({ text: 'the editor' }));
    const editor = onDemand(load);
    const { rerender } = renderComponent(<Shows code={editor} wanted={false} id="first" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByTestId('first')).toHaveTextContent('not yet');

    rerender(<Shows code={editor} wanted id="first" />);
    await waitFor(() => expect(screen.getByTestId('first')).toHaveTextContent('the editor'));
    // it stays once fetched, wanted or not
    rerender(<Shows code={editor} wanted={false} id="first" />);
    expect(screen.getByTestId('first')).toHaveTextContent('the editor');

    renderComponent(<Shows code={editor} wanted={false} id="second" />);
    expect(screen.getByTestId('second')).toHaveTextContent('the editor');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again by itself while still wanted, after a failed fetch', async () => {
    const load = vi
      .fn<() => Promise<Editor>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ text: 'the editor' });
    renderComponent(<Shows code={onDemand(load)} wanted id="only" />);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('only')).toHaveTextContent('not yet');
    await waitFor(() => expect(screen.getByTestId('only')).toHaveTextContent('the editor'), {
      timeout: onDemandRetryDelaysMs[0] + 2000,
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after its retries, and starts again the next time it is wanted', async () => {
    const load = vi.fn<() => Promise<Editor>>().mockRejectedValue(new Error('offline'));
    const editor = onDemand(load);
    const { rerender } = renderComponent(<Shows code={editor} wanted id="only" />);
    const tries = onDemandRetryDelaysMs.length + 1;
    const waited = onDemandRetryDelaysMs.reduce((sum, delay) => sum + delay, 0);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(tries), { timeout: waited + 2000 });
    await new Promise((resolve) => setTimeout(resolve, onDemandRetryDelaysMs[0] + 200));
    expect(load).toHaveBeenCalledTimes(tries);
    expect(screen.getByTestId('only')).toHaveTextContent('not yet');

    load.mockResolvedValue({ text: 'the editor' });
    rerender(<Shows code={editor} wanted={false} id="only" />);
    rerender(<Shows code={editor} wanted id="only" />);
    await waitFor(() => expect(screen.getByTestId('only')).toHaveTextContent('the editor'));
    expect(load).toHaveBeenCalledTimes(tries + 1);
  });

  it('shows a spinner until the code has come, then what the code renders', async () => {
    let arrive: (module: GreetingCode) => void = () => undefined;
    const greeting = onDemand(() => new Promise<GreetingCode>((resolve) => (arrive = resolve)));
    const view = (name: string) => (
      <OnDemand code={greeting}>{(loaded) => <loaded.Greeting name={name} />}</OnDemand>
    );
    renderComponent(view('Ada'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    arrive({ Greeting });
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    // a second one has it at once
    renderComponent(view('Grace'));
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
  });
});
