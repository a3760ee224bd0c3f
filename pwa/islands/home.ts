// The home page's islands, in one module so they download as one file (see registry.ts).
export { ChatWidget } from '../components/widgets/ChatWidget.tsx';
export { QuoteForm } from '../components/home/QuoteForm.tsx';
export { ContactForm } from '../components/home/ContactForm.tsx';
export { VideoGrid } from '../components/home/VideoGrid.tsx';
export { ServiceAreaMap } from '../components/home/ServiceAreaMap.tsx';
export { SafetyTipsCard } from '../components/widgets/SafetyTipsCard.tsx';
