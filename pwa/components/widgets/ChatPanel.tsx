import { AppLink } from '../ui/AppLink.tsx';
import { useEffect, useRef } from 'react';
import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { BUSINESS } from '#domain/business.ts';
import type { ClientRoutePath } from '#domain/routes.ts';
import { greeting, replyFor, typingDelayMs } from '#domain/widgets/chat.ts';
import type { ChatAction, Reply } from '#domain/widgets/chat.ts';
import { NEW_TAB } from '../../lib/links.ts';
import { Icon } from '../ui/Icon.tsx';
import type { ChatMessage, Conversation } from './chat-types.ts';
import './chat-panel.css';

type Props = {
  conversation: Conversation;
  setConversation: Dispatch<SetStateAction<Conversation>>;
  onClose: () => void;
};

let nextId = 1;
const botMessage = (reply: Reply): ChatMessage => ({ id: nextId++, from: 'bot', text: reply.text, actions: reply.actions });

/**
 * The chat panel: a non-modal dialog with the conversation as a log (new messages are read out), the
 * typing indicator and the input. Only wiring: greetings, replies and the delay come from domain/widgets/chat.ts.
 */
export default function ChatPanel({ conversation, setConversation, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);

  // First opening with no messages: the greeting with its buttons. Focus goes to the input.
  useEffect(() => {
    setConversation((c) => (c.messages.length === 0 ? { ...c, messages: [botMessage(greeting())] } : c));
    input.current?.focus();
  }, [setConversation]);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [conversation]);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = input.current;
    if (!field) return;
    const text = field.value;
    const reply = replyFor(text);
    if (!reply) return; // Empty or blank input is ignored (seed point 2).
    field.value = '';
    setConversation((c) => ({ messages: [...c.messages, { id: nextId++, from: 'visitor', text: text.trim(), actions: [] }], typing: true }));
    // The state lives in the widget, so a reply still typing when the panel closes arrives all the same.
    window.setTimeout(() => {
      setConversation((c) => ({ messages: [...c.messages, botMessage(reply)], typing: false }));
    }, typingDelayMs(Math.random));
  };

  return (
    <div
      id="chat-panel"
      className="chat-panel"
      role="dialog"
      aria-label={`Chat with ${BUSINESS.name}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="chat-panel__head">
        <span className="chat-panel__avatar" aria-hidden="true">
          <Icon name="zap" size={20} />
        </span>
        <div>
          <h2>{BUSINESS.name}</h2>
          <p>
            Quick answers · call <span className="chat-panel__phone">{BUSINESS.phone}</span> for anything urgent
          </p>
        </div>
        <button type="button" className="chat-panel__close" onClick={onClose}>
          <Icon name="close" size={20} />
          <span className="visually-hidden">Close chat</span>
        </button>
      </div>
      <div className="chat-panel__body">
        <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation">
          <ol className="chat-log">
            {conversation.messages.map((message) => (
              <li key={message.id} className={`chat-msg chat-msg--${message.from}`}>
                <span className="visually-hidden">{message.from === 'bot' ? `${BUSINESS.name}:` : 'You:'} </span>
                <p>{message.text}</p>
                {message.actions.length > 0 ? (
                  <div className="chat-msg__actions">
                    {message.actions.map((action) => (
                      <ActionButton key={action.label} action={action} onNavigate={onClose} />
                    ))}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
        {conversation.typing ? (
          <p className="chat-typing">
            <span className="chat-typing__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className="visually-hidden">{BUSINESS.name} is typing</span>
          </p>
        ) : null}
        <div ref={end} />
      </div>
      <form className="chat-panel__form" onSubmit={send}>
        <label htmlFor="chat-input" className="visually-hidden">
          Your message
        </label>
        <input ref={input} id="chat-input" type="text" autoComplete="off" placeholder="Type your question…" maxLength={500} />
        <button type="submit" className="chat-panel__send">
          <Icon name="send" size={20} />
          <span className="visually-hidden">Send</span>
        </button>
      </form>
    </div>
  );
}

function ActionButton({ action, onNavigate }: { action: ChatAction; onNavigate: () => void }) {
  if (action.kind === 'link') {
    const [path = '/', hash] = action.href.split('#');
    return (
      <AppLink to={path as ClientRoutePath} {...(hash ? { hash } : {})} className="chat-action" onClick={onNavigate}>
        {action.label}
      </AppLink>
    );
  }
  return (
    <a className={`chat-action chat-action--${action.kind}`} href={action.href} {...(action.kind === 'whatsapp' ? NEW_TAB : {})}>
      <Icon name={action.kind === 'call' ? 'phone' : 'whatsapp'} size={16} />
      {action.label}
      {action.kind === 'whatsapp' ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
