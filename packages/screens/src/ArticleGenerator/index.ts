export {
  ArticleGenerator,
  type ArticleGeneratorProps,
  type GeneratorState,
  type DraftFactCheck,
  type GeneratorValues,
} from './ArticleGenerator.tsx';
