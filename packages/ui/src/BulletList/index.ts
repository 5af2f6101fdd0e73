export { BulletList, type BulletListProps } from './BulletList.tsx';
