export {
  ArticleGenerator,
  type ArticleGeneratorProps,
  type GeneratorState,
  type GeneratorValues,
} from './ArticleGenerator.tsx';
