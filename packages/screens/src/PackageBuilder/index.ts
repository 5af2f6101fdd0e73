export * from './PackageBuilder.tsx';
