import { ConfirmModal, type ConfirmModalProps } from './ConfirmModal';

/** Deleting an action or an endpoint cannot be undone, so it always asks first. */
export function ConfirmDeleteModal(props: Omit<ConfirmModalProps, 'confirmLabel' | 'color'>) {
  return <ConfirmModal {...props} confirmLabel="Delete" color="red" />;
}
