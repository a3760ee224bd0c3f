import { useCallback, useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { useConsentLift } from '../../lib/consent-lift.ts';
import { Icon } from '../ui/Icon.tsx';
import { NotLoaded, useLazyAgain } from '../ui/NotLoaded.tsx';
import type { Conversation } from './chat-types.ts';
import './chat-button.css';

// The panel and the reply logic load on the first click (or when the pointer comes near), not with the page.
const loadPanel = () => import('./ChatPanel.tsx');

/**
 * The floating chat button at the bottom right of the home page (seed point 2) and its panel. The
 * conversation lives here, so closing and reopening the panel keeps it.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  // The panel's code, fetched again after it failed to arrive (no signal on a first visit): the button and a word
  // stay, where the whole chat went from the page until a reload.
  const { Part: ChatPanel, again } = useLazyAgain(loadPanel);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed) return;
    // Back online: the word goes (it said to press again then); the next press fetches the code afresh (onFailed).
    const again = () => setFailed(false);
    window.addEventListener('online', again);
    // Read, it goes by itself: wherever it sits on a phone it covers some of the page (a press shows it again).
    const gone = setTimeout(() => setFailed(false), 10_000);
    return () => {
      window.removeEventListener('online', again);
      clearTimeout(gone);
    };
  }, [failed]);
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
        <NotLoaded
          onFailed={() => {
            setOpen(false);
            setFailed(true);
            // A fresh try at the next press.
            again();
          }}
        >
          <ChatPanel conversation={conversation} setConversation={setConversation} onClose={close} />
        </NotLoaded>
      ) : null}
      {failed && !open ? (
        <p className="chat-fab__note" role="status">
          No signal: the chat could not open. Try again once you are back online, or call {BUSINESS.phone}.
        </p>
      ) : null}
      <button
        ref={button}
        type="button"
        className="chat-fab"
        aria-expanded={open}
        aria-controls={open ? 'chat-panel' : undefined}
        onClick={() => {
          setFailed(false);
          setOpen((value) => !value);
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <Icon name={open ? 'close' : 'chat'} size={26} />
        <span className="visually-hidden">{open ? 'Close chat' : 'Chat with us'}</span>
      </button>
    </div>
  );
}
