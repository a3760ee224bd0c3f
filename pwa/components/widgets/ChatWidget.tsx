import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useConsentLift } from '../../lib/consent-lift.ts';
import { Icon } from '../ui/Icon.tsx';
import type { Conversation } from './chat-types.ts';
import './chat-button.css';

// The panel and the reply logic load on the first click (or when the pointer comes near), not with the page.
const loadPanel = () => import('./ChatPanel.tsx');
const ChatPanel = lazy(loadPanel);

/**
 * The floating chat button at the bottom right of the home page (seed point 2) and its panel. The
 * conversation lives here, so closing and reopening the panel keeps it.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [conversation, setConversation] = useState<Conversation>({ messages: [], typing: false });
  const button = useRef<HTMLButtonElement>(null);
  // While the cookie banner shows, the button and the panel sit just above it (chat-button.css, chat-panel.css).
  const lift = useConsentLift();

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  return (
    <div className="chat-widget" style={lift === null ? undefined : ({ '--consent-lift': `${lift}px` } as CSSProperties)}>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel conversation={conversation} setConversation={setConversation} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={button}
        type="button"
        className="chat-fab"
        aria-expanded={open}
        aria-controls={open ? 'chat-panel' : undefined}
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <Icon name={open ? 'close' : 'chat'} size={26} />
        <span className="visually-hidden">{open ? 'Close chat' : 'Chat with us'}</span>
      </button>
    </div>
  );
}
