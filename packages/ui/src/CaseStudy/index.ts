export {
  CaseStudyCard,
  type CaseStudyCardProps,
  type CaseStudyFigure,
  type CaseStudyQuote,
} from './CaseStudy.tsx';
