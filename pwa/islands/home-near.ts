// The home page's islands far down it, in one module fetched as the visitor nears the first of them (registry.ts).
export { VideoGrid } from '../components/home/VideoGrid.tsx';
export { ServiceAreaMap } from '../components/home/ServiceAreaMap.tsx';
export { SafetyTipsCard } from '../components/widgets/SafetyTipsCard.tsx';
