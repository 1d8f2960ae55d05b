import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { QueryInput } from './QueryInput';

it('submits the typed query, and offers Stop instead of Ask while running', async () => {
  const onSubmit = vi.fn();
  const onStop = vi.fn();
  const { rerender } = render(<QueryInput running={false} preset={null} onSubmit={onSubmit} onStop={onStop} />);
  expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Query'), '  Which accounts are in Texas?  {Enter}');
  expect(onSubmit).toHaveBeenCalledWith('Which accounts are in Texas?');
  rerender(<QueryInput running preset={null} onSubmit={onSubmit} onStop={onStop} />);
  expect(screen.queryByRole('button', { name: 'Ask' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
  expect(onStop).toHaveBeenCalledTimes(1);
  rerender(<QueryInput running={false} preset={{ text: 'Update Sunny Days Childcare', serial: 1 }} onSubmit={onSubmit} onStop={onStop} />);
  expect(screen.getByLabelText('Query')).toHaveValue('Update Sunny Days Childcare');
});
