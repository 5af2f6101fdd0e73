export {
  ChatTranscript,
  ChatComposer,
  SuggestedQuestions,
  type ChatTranscriptProps,
  type ChatTranscriptMessage,
  type ChatComposerProps,
  type SuggestedQuestionsProps,
} from './Chat.tsx';
