/**
 * Questions visitors ask the chat, each with what a right first answer is: the passages (by id) that answer it, or
 * `refuse` when nothing on the site does and the chat should say so. Written as visitors phrase them, not as the
 * passages do; a question with more than one good answer lists each.
 */
export interface VisitorQuestion {
  question: string;
  expected: readonly string[] | 'refuse';
}

const q = (question: string, ...expected: string[]): VisitorQuestion => ({ question, expected });
const refuse = (question: string): VisitorQuestion => ({ question, expected: 'refuse' });

export const visitorQuestions: readonly VisitorQuestion[] = [
  // Prices
  q('How much does web hosting cost?', 'prices:domain-hosting'),
  q('What do you charge for a website?', 'prices:web-development'),
  q('How much is a new website?', 'prices:web-development'),
  q('Can you do a cheap website?', 'prices:web-development'),
  q("What's the price of a cloud migration?", 'prices:cloud-infrastructure'),
  q('How much does a Dynamics 365 implementation cost?', 'prices:dynamics-365'),
  q('How much do you charge for social media management?', 'prices:social-marketing'),
  q('What does a promotional video cost?', 'prices:video-services'),
  q('How much is IT support?', 'prices:support-training'),
  q('What is the price of a gaming PC tune-up?', 'prices:gaming-setup'),
  q('How much does a project manager cost?', 'prices:project-management'),
  q('How much would an AI chatbot cost us?', 'prices:ai-solutions'),
  q('How much is hosting per month?', 'prices:domain-hosting'),
  q('What are your prices?', 'pricing'),
  // VAT
  q('Is VAT included?', 'vat'),
  q('Do your prices include VAT?', 'vat'),
  q('Are your prices plus VAT?', 'vat'),
  q('What is your VAT number?', 'vat'),
  // Opening hours
  q('What are your opening hours?', 'hours'),
  q('Are you open on Saturday?', 'hours'),
  q('What time do you close?', 'hours'),
  q('Are you open at weekends?', 'hours'),
  q('Are you open on bank holidays?', 'hours'),
  // Location and coverage
  q('Where are you based?', 'location'),
  q("What's your address?", 'location'),
  q('Do you cover Wick?', 'location'),
  q('Can you come on site in Sutherland?', 'location', 'faq:support-training:1'),
  q('Do you work with businesses outside Scotland?', 'location'),
  q('How far do you travel?', 'location', 'faq:support-training:1'),
  // Contact
  q('What is your phone number?', 'contact'),
  q('How can I email you?', 'contact'),
  // Each service
  q('Can you help us move to the cloud?', 'service:cloud-infrastructure'),
  q('Should we use Azure or AWS?', 'faq:cloud-infrastructure:0'),
  q('Where will our data be stored?', 'faq:cloud-infrastructure:2'),
  q('Can you set up Business Central for us?', 'service:dynamics-365'),
  q('Do you do Power BI reports?', 'service:dynamics-365'),
  q('How long does a Dynamics implementation take?', 'faq:dynamics-365:1'),
  q('Can you build us a website?', 'service:web-development'),
  q('Can we update the website ourselves?', 'faq:web-development:0'),
  q('Do you do SEO?', 'service:web-development'),
  q('Can you build an online shop?', 'service:web-development'),
  q('Can you make a chatbot for our website?', 'service:ai-solutions'),
  q('Is our data safe with AI?', 'faq:ai-solutions:0'),
  q('Can you register a domain name for us?', 'service:domain-hosting'),
  q('Can you set up business email for us?', 'service:domain-hosting'),
  q('Is your hosting in the UK?', 'faq:domain-hosting:1'),
  q('Do you manage Facebook and Instagram?', 'service:social-marketing', 'faq:social-marketing:0'),
  q('Is advertising spend included?', 'faq:social-marketing:1'),
  q('Can you film our event with a drone?', 'service:video-services', 'faq:video-services:0'),
  q('Can you live stream our event?', 'faq:video-services:2'),
  q('Do you offer PRINCE2 project management?', 'service:project-management'),
  q('Can you build me a gaming PC?', 'service:gaming-setup'),
  q('Can you fix lag on my Xbox?', 'faq:gaming-setup:0'),
  q('Can you fix my laptop?', 'service:support-training'),
  q('My computer is really slow, can you help?', 'service:support-training'),
  q('Do you offer staff training on Microsoft 365?', 'service:support-training'),
  q('Can you help us get Cyber Essentials?', 'faq:support-training:2'),
  q('How quickly do you respond to IT problems?', 'faq:support-training:0'),
  // Bookings
  q('How do I book a consultation?', 'consultation'),
  q('Can I book a free meeting?', 'consultation'),
  q("I'd like to make an appointment", 'consultation'),
  q('Is the consultation free?', 'consultation'),
  // Payments
  q('Do you take card payments?', 'payments'),
  q('Can I pay by bank transfer?', 'payments'),
  q('Do you accept cash?', 'payments'),
  // Reviews and providers
  q('What do your clients say about you?', 'rating'),
  q('Do you have any reviews?', 'rating'),
  q('Which cloud providers do you work with?', 'providers'),
  // Asked after the first set was answered right, to check the rules hold beyond it
  q('Do you build apps?', 'service:web-development'),
  q('Our printer is not working', 'service:support-training'),
  q('Can you teach my staff Excel?', 'service:support-training'),
  q('Can you help with our wifi?', 'service:support-training'),
  q('Do you do Google Workspace?', 'service:domain-hosting', 'providers'),
  q('Do you do websites for charities?', 'service:web-development'),
  q('Can you manage our Instagram?', 'service:social-marketing'),
  q('How much is a gaming PC?', 'prices:gaming-setup'),
  q('Do you do LinkedIn ads?', 'service:social-marketing'),
  q('Do you do cloud backups?', 'service:cloud-infrastructure'),
  q('Is there a minimum contract for social media?', 'faq:social-marketing:2'),
  q('Who owns the footage?', 'faq:video-services:1'),
  q('Can I visit your office?', 'location'),
  q('How do I contact you?', 'contact'),
  q('Do you charge VAT?', 'vat'),
  q('What does a consultation cost?', 'consultation'),
  // Out of scope
  refuse('Do you sell printers?'),
  refuse('Can you build me a game?'),
  refuse("What's the weather like in Thurso?"),
  refuse('Can you repair my car?'),
  refuse('Do you sell mobile phones?'),
  refuse('What is the capital of France?'),
  refuse('Can you do my homework?'),
  refuse('Do you do plumbing?'),
  refuse('Who won the football last night?'),
];
