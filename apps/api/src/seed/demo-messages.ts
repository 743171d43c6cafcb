import { OWNER_TYPE } from '@kindred/shared';
import type { Tx } from '../db/client.js';
import { messagesRepository } from '../modules/messages/messages.repository.js';

export interface DemoMessagePeople {
  donor: number;
  /** Super Admin of Acme Ltd. */
  owner: number;
  charityAdmin: number;
  extras: number[];
  acmeId: number;
  riverTrustId: number;
}

const HOUR = 3_600_000;
const { individual, organisation, charity } = OWNER_TYPE;

/**
 * Message threads between the demo people, River Trust and Acme Ltd (decision 027): every folder
 * of the donor's and the charity's mailboxes shows something, and some messages are unread.
 */
export async function seedDemoMessages(tx: Tx, now: Date, people: DemoMessagePeople): Promise<void> {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const write = async (input: {
    from: [number, number];
    to: [number, number];
    author: number;
    subject: string;
    body: string;
    hoursAgo: number;
    threadId?: number;
    read?: boolean;
    draft?: boolean;
    recipientArchived?: boolean;
  }) => {
    const when = at(input.hoursAgo);
    return messagesRepository.insert(tx, {
      ...(input.threadId !== undefined ? { threadId: input.threadId } : {}),
      senderType: input.from[0],
      senderId: input.from[1],
      authorId: input.author,
      recipientType: input.to[0],
      recipientId: input.to[1],
      subject: input.subject,
      body: input.body,
      status: input.draft ? 1 : 2,
      datedAt: when,
      sentAt: input.draft ? null : when,
      readAt: input.read ? new Date(when.getTime() + HOUR / 2) : null,
      recipientArchivedAt: input.recipientArchived ? new Date(when.getTime() + HOUR) : null,
      createdAt: when,
    });
  };
  const donor: [number, number] = [individual, people.donor];
  const river: [number, number] = [charity, people.riverTrustId];
  const acme: [number, number] = [organisation, people.acmeId];
  const [priya, tom] = people.extras;

  // The donor and River Trust: a conversation, its last reply unread by the charity.
  const volunteering = await write({
    from: donor,
    to: river,
    author: people.donor,
    subject: 'Volunteering on the riverbank',
    body: 'Hello River Trust,\n\nI would like to help at the riverbank clean-up next month. Is there room for one more volunteer?\n\nDana',
    hoursAgo: 72,
    read: true,
  });
  await write({
    threadId: volunteering.id,
    from: river,
    to: donor,
    author: people.charityAdmin,
    subject: 'Re: Volunteering on the riverbank',
    body: 'Hi Dana,\n\nThank you! There is room. We meet at 9am by the footbridge; gloves and bags are provided.\n\nCharlie, River Trust',
    hoursAgo: 48,
    read: true,
  });
  await write({
    threadId: volunteering.id,
    from: donor,
    to: river,
    author: people.donor,
    subject: 'Re: Volunteering on the riverbank',
    body: 'Perfect, see you at the footbridge. Can I bring my neighbour too?',
    hoursAgo: 20,
  });
  // River Trust thanks the donor: unread.
  await write({
    from: river,
    to: donor,
    author: people.charityAdmin,
    subject: 'Thank you for your gift',
    body: 'Dear Dana,\n\nYour gift to the river clean-up arrived. It pays for a week of equipment for our volunteers. Thank you!\n\nRiver Trust',
    hoursAgo: 5,
  });
  // Acme Ltd and River Trust plan a team day: the charity's reply unread by Acme.
  const teamDay = await write({
    from: acme,
    to: river,
    author: people.owner,
    subject: 'A volunteering day for our team',
    body: 'Hello,\n\nTwelve of us at Acme Ltd would like to spend a day volunteering with you in the spring. Which dates suit you?\n\nBailey',
    hoursAgo: 96,
    read: true,
  });
  await write({
    threadId: teamDay.id,
    from: river,
    to: acme,
    author: people.charityAdmin,
    subject: 'Re: A volunteering day for our team',
    body: 'Hi Bailey,\n\nWonderful! Any Saturday in April works. We will send a short safety briefing beforehand.\n\nCharlie',
    hoursAgo: 30,
  });
  // A neighbour writes to the donor (unread); an older note the donor archived; a draft.
  if (priya)
    await write({
      from: [individual, priya],
      to: donor,
      author: priya,
      subject: 'Book club giving night',
      body: 'Hi Dana, shall we pick the charity for our book club giving night on Thursday?',
      hoursAgo: 2,
    });
  if (tom)
    await write({
      from: [individual, tom],
      to: donor,
      author: tom,
      subject: 'Fun run photos',
      body: 'The photos from the fun run are up. Thanks for cheering us on!',
      hoursAgo: 240,
      read: true,
      recipientArchived: true,
    });
  await write({
    from: donor,
    to: acme,
    author: people.donor,
    subject: 'Matching my gift?',
    body: 'Hello Acme Ltd, I give to River Trust every month. Would you consider matching',
    hoursAgo: 1,
    draft: true,
  });
}
