export {
  DocumentSection,
  TableOfContents,
  type DocumentSectionProps,
  type TableOfContentsProps,
} from './Document.tsx';
