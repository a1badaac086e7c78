import { Modal } from '../../../components/modal';
import { QrCode } from './qr-code';

/** Remote: the QR code of the phone's address, and whether a phone is on the channel. */
export function RemoteDialog({
  open,
  onClose,
  address,
  connected,
  phones,
}: {
  open: boolean;
  onClose: () => void;
  address: string;
  connected: boolean;
  phones: number;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Control from your phone"
      description="Scan this code with your phone, signed in to this account. Start, pause, change the speed and jump to a section from there."
      size="sm"
    >
      <div className="flex flex-col items-center gap-3">
        <QrCode
          value={address}
          label="QR code of the remote's address"
          className="size-56 rounded-lg ring-1 ring-slate-200"
        />
        <a
          href={address}
          target="_blank"
          rel="noreferrer"
          className="max-w-full text-center text-xs break-all text-indigo-700 underline"
        >
          {address}
        </a>
        <p role="status" className="text-sm text-slate-700" data-testid="remote-status">
          {!connected
            ? 'Connecting…'
            : phones === 0
              ? 'Waiting for your phone…'
              : phones === 1
                ? 'Phone connected.'
                : `${phones} phones connected.`}
        </p>
      </div>
    </Modal>
  );
}
