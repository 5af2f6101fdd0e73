export * from './PackageBuilder';
