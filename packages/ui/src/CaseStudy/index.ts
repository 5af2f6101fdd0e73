export { CaseStudyCard, type CaseStudyCardProps } from './CaseStudy';
