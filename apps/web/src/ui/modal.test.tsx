import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness({ title }: { title?: string }) {
  const [isOpen, setOpen] = useState(true);
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <button onClick={() => navigate('/elsewhere')}>go</button>
      <Modal isOpen={isOpen} onClose={() => setOpen(false)} closeLabel="close" {...(title ? { title } : {})}>
        <p>inside</p>
      </Modal>
    </>
  );
}

const renderModal = (title?: string) =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Harness {...(title ? { title } : {})} />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('Modal', () => {
  it('locks page scrolling while open', () => {
    renderModal();
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    fireEvent.click(screen.getByLabelText('close'));
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
  });

  it('closes on Escape', () => {
    renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('inside')).toBeNull();
  });

  it('closes on a backdrop click but not on a click inside', () => {
    renderModal();
    fireEvent.mouseDown(screen.getByText('inside'));
    expect(screen.queryByText('inside')).not.toBeNull();
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByText('inside')).toBeNull();
  });

  it('closes when the path changes', () => {
    renderModal();
    act(() => fireEvent.click(screen.getByText('go')));
    expect(screen.queryByText('inside')).toBeNull();
  });

  it('uses the narrow titled variant when given a title', () => {
    renderModal('Rules');
    expect(screen.getByRole('dialog').className).toContain('modal-titled');
    expect(screen.getByRole('heading', { name: 'Rules' })).toBeTruthy();
  });
});
