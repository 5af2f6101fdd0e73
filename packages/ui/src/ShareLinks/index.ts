export { ShareLinks, shareTargets, type ShareLinksProps } from './ShareLinks.tsx';
