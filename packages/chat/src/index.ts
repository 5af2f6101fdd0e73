export { knowledgePassages, type Passage, type SourceLink } from './knowledge.ts';
export {
  createRetriever,
  answerOffline,
  chatCopy,
  type Retriever,
  type Retrieved,
  type OfflineAnswer,
} from './retriever.ts';
export {
  parseChatRequest,
  chatLimits,
  chatErrors,
  type ChatTurn,
  type ParsedChatRequest,
} from './request.ts';
export { groundedMessages, type PromptMessage } from './prompt.ts';
export { parseChatEvent, readChatStream, pieces, type ChatEvent } from './events.ts';
export {
  conversationReducer,
  emptyConversation,
  turnsOf,
  type Conversation,
  type ConversationAction,
  type ChatMessage,
} from './conversation.ts';
