export {
  TeamGrid,
  TeamMemberCard,
  type TeamGridProps,
  type TeamMemberCardProps,
  type TeamCredential,
} from './TeamGrid.tsx';
