import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Modal } from './Modal.js';

function Opener({ dismissible }: { dismissible: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="A question"
        onClose={dismissible ? () => setOpen(false) : undefined}
      >
        <button type="button">First</button>
        <button type="button" onClick={() => setOpen(false)}>
          Last
        </button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal <dialog> named by its title, with focus inside it', () => {
    render(<Opener dismissible />);
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    const dialog = screen.getByRole('dialog', { name: 'A question' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab inside: from the last control to the first, and back with Shift+Tab', () => {
    render(<Opener dismissible={false} />);
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on Escape and gives focus back to the control that opened it', async () => {
    render(<Opener dismissible />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    act(() => opener.click());
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on Escape when it cannot be dismissed (the subscription wall)', () => {
    const onEscape = jest.fn();
    render(<Opener dismissible={false} />);
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    const dialog = screen.getByRole('dialog');
    dialog.addEventListener('keydown', onEscape);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalled();
    expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true);
  });
});
