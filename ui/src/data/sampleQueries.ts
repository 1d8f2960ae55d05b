// Sample queries by the spec's categories, naming accounts the demo data always has
// (Maple Avenue Dental, Sunny Days Childcare, Cascade Ridge Roofing) and ones it never has.

export interface SampleCategory {
  id: string;
  title: string;
  description: string;
  queries: string[];
}

export const SAMPLE_CATEGORIES: SampleCategory[] = [
  {
    id: 'updates',
    title: 'Updates & Actions',
    description: 'State changes, notes, stage updates',
    queries: [
      'Move Maple Avenue Dental to Bound',
      'Add a note to Cascade Ridge Roofing: asked for a callback next Tuesday',
      'Mark Sunny Days Childcare as Bound eff 2/1',
    ],
  },
  {
    id: 'new-accounts',
    title: 'New Accounts',
    description: 'Queries that trigger the confirmation flow',
    queries: [
      'Add a note to New Company LLC',
      'Add a note to Lakeshore Pediatrics: referred by Dr. Reed',
      'ABC Security Services is now Quoted',
    ],
  },
  {
    id: 'level-1',
    title: 'Level 1: Single Account',
    description: 'Basic status queries',
    queries: [
      'What stage is Maple Avenue Dental at?',
      'Who is the contact at Sunny Days Childcare?',
      "What's the next step for Cascade Ridge Roofing?",
    ],
  },
  {
    id: 'level-2',
    title: 'Level 2: Multi-Source',
    description: 'Cross-channel synthesis',
    queries: [
      'What documents is Maple Avenue Dental still missing, and where did they ask for them?',
      'Summarize every email and call with Sunny Days Childcare',
      'What did Cascade Ridge Roofing say about the quote on the phone?',
    ],
  },
  {
    id: 'level-3',
    title: 'Level 3: Cross-Account',
    description: 'Brokerage-level queries',
    queries: [
      'Which accounts are in Texas?',
      "Which quoted accounts haven't been contacted in 30 days?",
      'Which restaurants are quoted?',
    ],
  },
  {
    id: 'followup',
    title: 'Follow-Up Actions',
    description: 'Action drafting',
    queries: [
      'Draft a follow-up email to Maple Avenue Dental',
      'Write a call script for Sunny Days Childcare',
      'Text Cascade Ridge Roofing about the missing documents',
    ],
  },
  {
    id: 'edge-cases',
    title: 'Edge Cases',
    description: 'Ambiguous queries',
    queries: [
      'Update Sunny Days Childcare',
      'What did the customer say in the call?',
      'what stage is cascade rdge rofing at',
    ],
  },
  {
    id: 'exploration',
    title: 'Data Exploration',
    description: 'Pipeline and aggregate queries',
    queries: [
      'List the accounts in New Lead',
      'Show the quoted pipeline with premiums',
      'Which accounts need a follow-up this week?',
    ],
  },
];
