import { useRef, useState } from 'react';
import type { UserView } from '#domain/views.ts';
import { ChangeEmail } from '../portal/ChangeEmail.tsx';
import { ChangeName } from '../portal/ChangeName.tsx';
import { ChangePassword } from '../portal/ChangePassword.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Modal } from './Modal.tsx';

/**
 * The admin's own account, beside Sign out: the name customers see on replies, the sign-in address and the
 * password (the same forms as the customer's My Account; both need a connection). Before this the admin could change neither but through
 * the mailed reset.
 */
export function AdminAccount({ user }: { user: UserView }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <button ref={button} type="button" className="btn btn--secondary admin-btn" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Icon name="user" size={18} />
        My account
      </button>
      {open ? (
        <Modal title="My account" onClose={close} wide>
          <div className="admin-account">
            <ChangeName user={user} intro="Your name on the replies you send, as the chats here show them. Replies already sent keep the name they were sent with." />
            <ChangePassword email={user.email} />
            <ChangeEmail user={user} after="You sign in with the new address once you have opened the link. Mail about new bookings and messages keeps going to the business’s address." />
          </div>
        </Modal>
      ) : null}
    </>
  );
}
