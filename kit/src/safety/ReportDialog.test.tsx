import { deferred, httpError } from '@skynet/kit/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { BlockDialog } from './BlockDialog';
import { REPORT_THANKS_TEXT, ReportDialog, type ReportDialogProps } from './ReportDialog';

function Opener(props: Omit<ReportDialogProps, 'open' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={trigger} type="button" onClick={() => setOpen(true)}>
        Report
      </button>
      <ReportDialog {...props} open={open} onClose={() => setOpen(false)} returnFocusTo={trigger} />
    </>
  );
}

const user = userEvent.setup();

describe('ReportDialog', () => {
  it('sends the reason and words, thanks, offers Block and Mute, and gives focus back on Done', async () => {
    const send = jest.fn().mockResolvedValue('r1');
    const onBlock = jest.fn().mockResolvedValue(undefined);
    const onMute = jest.fn().mockResolvedValue(undefined);
    render(
      <Opener
        targetType="post"
        targetId="p1"
        userName="orion"
        send={send}
        onBlock={onBlock}
        onMute={onMute}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this post' });
    const reasons = within(dialog).getByRole('radiogroup', { name: 'Reason' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Spam', 'Harassment', 'Violence', 'Other']);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason.');
    expect(send).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'More details (optional)' }),
      ' Keeps insulting me ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({
      targetType: 'post',
      targetId: 'p1',
      reason: 'harassment',
      text: 'Keeps insulting me',
    });
    const thanks = await screen.findByRole('dialog', { name: 'Report sent' });
    expect(thanks).toHaveTextContent(REPORT_THANKS_TEXT);
    await user.click(within(thanks).getByRole('button', { name: 'Mute' }));
    expect(onMute).toHaveBeenCalledTimes(1);
    expect(await within(thanks).findByText('You mute @orion.')).toBeInTheDocument();
    expect(within(thanks).queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
    await user.click(within(thanks).getByRole('button', { name: 'Block' }));
    expect(onBlock).toHaveBeenCalledTimes(1);
    expect(await within(thanks).findByText('You block and mute @orion.')).toBeInTheDocument();
    await user.click(within(thanks).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toHaveFocus();
  });

  it('shows a failed send in the dialog, keeps the choice, and sends once at a time', async () => {
    const first = deferred<string>();
    const send = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce('r2');
    render(
      <Opener
        targetType="user"
        targetId="u2"
        userName="orion"
        send={send}
        blocking
        muting
        onBlock={jest.fn()}
        onMute={jest.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this account' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledTimes(1);
    first.reject(httpError(429, 'Too many reports. Try again later.'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reports. Try again later.');
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenLastCalledWith({ targetType: 'user', targetId: 'u2', reason: 'spam' });
    const thanks = await screen.findByRole('dialog', { name: 'Report sent' });
    // Already blocked and muted: nothing more to offer.
    expect(within(thanks).queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(within(thanks).queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
  });

  it('keeps the words within 1,000 characters', async () => {
    render(<Opener targetType="conversation" targetId="u2" userName="orion" send={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const box = screen.getByRole('textbox', { name: 'More details (optional)' });
    expect(box).toHaveAttribute('maxLength', '1000');
    expect(screen.getByText('0/1,000')).toBeInTheDocument();
  });
});

describe('BlockDialog', () => {
  it('says what blocking does, blocks on confirm and shows a refusal inside', async () => {
    const onConfirm = jest
      .fn()
      .mockRejectedValueOnce(httpError(404, 'No such user.'))
      .mockResolvedValueOnce(undefined);
    const onClose = jest.fn();
    render(<BlockDialog open userName="orion" onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Block @orion?' });
    expect(dialog).toHaveAccessibleDescription(/neither of you will see the other’s posts/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No such user.');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
