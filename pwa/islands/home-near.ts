// The home page's islands far down it, in one module fetched at the visitor's first scroll (registry.ts, hydrate.tsx).
export { VideoGrid } from '../components/home/VideoGrid.tsx';
export { ServiceAreaMap } from '../components/home/ServiceAreaMap.tsx';
export { SafetyTipsCard } from '../components/widgets/SafetyTipsCard.tsx';
