export { Container, Section, type ContainerProps, type SectionProps } from './Container.tsx';
