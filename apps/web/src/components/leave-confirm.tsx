import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { DiscardChangesModal } from './discard-changes-modal.tsx';

export interface LeaveConfirmProps {
  /** Block navigation while this is true (typically: the form has unsaved changes). */
  when: boolean;
  /** 'Discard changes?' unless the screen names what would be lost. */
  title?: ReactNode;
  message?: ReactNode;
}

/**
 * Spec §2 leave confirmation: while `when` holds, leaving the route asks first.
 * Navigation inside the same path (query string changes) is not blocked.
 */
export function LeaveConfirm({ when, title, message }: LeaveConfirmProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useUnloadWarning(when);
  return (
    <DiscardChangesModal
      opened={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
      title={title}
      message={message}
    />
  );
}

/**
 * Closing or reloading the browser tab would drop the edits too: the browser asks with its own
 * dialog (it shows no text of ours).
 */
function useUnloadWarning(when: boolean) {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers (Chrome and Edge before 119) ask only when returnValue is not empty.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
}
