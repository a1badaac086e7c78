import type { LightIconName } from '../../../components/icons';

/** The landing page's lists of texts (docs/product.md, "Public layout"), kept apart from its layout. */
export const benefits = [
  'Keep video ideas, notes and scripts together',
  'Group work into collections and find it with tags',
  'Write in markdown with a live preview',
  'Pick up on your laptop, tablet or phone',
];

export const steps: [string, string][] = [
  ['Sign Up', 'Create your free account with just your email. No credit card, no setup call.'],
  [
    'Create & Organize',
    'Capture ideas, draft scripts and group them into collections with tags that make sense to you.',
  ],
  [
    'Collaborate & Grow',
    'Bring co-creators into the process and turn a pile of ideas into a steady publishing rhythm.',
  ],
];

export const features: [LightIconName, string, string][] = [
  [
    'folders',
    'Organize Everything',
    'Videos, notes, scripts and tags live side by side, so nothing gets lost in a folder you forgot about.',
  ],
  [
    'users',
    'Collaborate Easily',
    'Plan with your team or co-hosts from one shared source of truth instead of a dozen message threads.',
  ],
  [
    'devices',
    'Access Anywhere',
    'Your workspace is in the browser. Jot an idea on your phone, finish the script at your desk.',
  ],
];

export const testimonials = [
  {
    quote:
      'I used to juggle three note apps and a spreadsheet for video planning. Now every script and idea has a home, and I can see a whole season at a glance.',
    name: 'Maya Rodriguez',
    role: 'Educational YouTuber',
  },
  {
    quote:
      'Our show notes, guest research and episode outlines finally live in one place. Prep for a recording went from an hour of searching to ten minutes.',
    name: 'Daniel Okafor',
    role: 'Podcast host & producer',
  },
];

export const audiences: [string, string][] = [
  ['YouTubers', 'Plan series, script episodes and track every idea.'],
  ['Podcasters', 'Outline episodes and keep guest notes handy.'],
  ['Writers', 'Draft posts and newsletters in clean markdown.'],
  ['Educators', 'Build lessons and course material step by step.'],
  ['Teams', 'Share one organized workspace for every project.'],
  ['Freelancers', 'Keep each client’s briefs and drafts apart.'],
];
