import { Modal, type ModalProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { DiscardChangesModal, type DiscardChangesModalProps } from './discard-changes-modal.tsx';

export interface GuardedModalProps extends Omit<ModalProps, 'closeOnEscape' | 'onKeyDown'> {
  /** Every way out but a save (Escape, a click outside, the close button): asks first when something would be lost. */
  onClose: () => void;
  /** The 'Discard changes?' question (`useDiscardGuard().discard`). */
  discard: Pick<DiscardChangesModalProps, 'opened' | 'onStay' | 'onDiscard'>;
}

/**
 * A dialog holding an editor: Escape, a click outside and its close button go through `onClose`,
 * which a screen passes `useDiscardGuard().leave`, so unsaved choices are not dropped without
 * asking (spec §2 leave confirmation), and the question opens over the dialog.
 *
 * Mantine closes every open modal on one Escape (each listens on the window). A dialog that opens
 * others over itself (a training's dialog, the question) would close with them, so this one
 * answers only an Escape pressed inside its own content.
 */
export function GuardedModal({ onClose, discard, children, ...props }: GuardedModalProps) {
  const escape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    // A dialog opened over this one is a React child but lives elsewhere in the page.
    if (event.currentTarget.contains(event.target as Node)) onClose();
  };
  return (
    <>
      <Modal {...props} onClose={onClose} closeOnEscape={false} onKeyDown={escape}>
        {children}
      </Modal>
      <DiscardChangesModal {...discard} />
    </>
  );
}
