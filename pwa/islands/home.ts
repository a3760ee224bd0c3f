// The home page's islands hydrated as it opens, in one module so they download as one file (see registry.ts).
export { ChatWidget } from '../components/widgets/ChatWidget.tsx';
export { QuoteForm } from '../components/home/QuoteForm.tsx';
export { ContactForm } from '../components/home/ContactForm.tsx';
