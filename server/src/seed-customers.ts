import { eq } from 'drizzle-orm';
import {
  customerFieldBody,
  standardFields,
  validateFieldValue,
  type CustomerFieldBody,
} from '@parley/contracts/customer-master';
import type { Tx } from './db/client';
import {
  customerFields,
  customerGroupMembers,
  customerGroups,
  customers,
  customerSegmentMembers,
  customerSegments,
} from './db/schema/customers';
import { toCustomerField } from './platform/customer-fields';
import { customerPhone } from './platform/phone';

const fieldBodies: CustomerFieldBody[] = [
  {
    fieldName: 'City',
    fieldLabel: 'City',
    fieldHelptext: 'City the customer lives in',
    mandatory: false,
    fieldType: 'text',
    inputType: 'alphabets',
    minLength: 2,
    maxLength: 40,
  },
  {
    fieldName: 'Email',
    fieldLabel: 'Email',
    fieldHelptext: 'Email address of the customer',
    mandatory: false,
    fieldType: 'text',
    inputType: 'email',
  },
  {
    fieldName: 'Plan',
    fieldLabel: 'Plan',
    fieldHelptext: 'Subscription plan',
    mandatory: false,
    fieldType: 'selectbox-singlevalue',
    defaultValues: ['Basic', 'Gold', 'Platinum'],
  },
  {
    fieldName: 'Notes',
    fieldLabel: 'Notes',
    fieldHelptext: 'Anything worth remembering',
    mandatory: false,
    fieldType: 'textarea',
    inputType: 'alphanumeric',
    maxLength: 500,
    allowSpecialChars: true,
    allowedChars: ['.', '-', '!', "'"],
    commaIncluded: true,
  },
];

const people = [
  ['Aarav Sharma', 'Delhi'],
  ['Priya Iyer', 'Chennai'],
  ['Rohan Mehta', 'Mumbai'],
  ['Ananya Reddy', 'Hyderabad'],
  ['Vikram Singh', 'Jaipur'],
  ['Sneha Kulkarni', 'Pune'],
  ['Arjun Nair', 'Kochi'],
  ['Kavya Menon', 'Bengaluru'],
  ['Aditya Joshi', 'Nagpur'],
  ['Isha Gupta', 'Lucknow'],
  ['Karan Malhotra', 'Chandigarh'],
  ['Meera Pillai', 'Thiruvananthapuram'],
  ['Siddharth Rao', 'Mysuru'],
  ['Neha Agarwal', 'Kolkata'],
  ['Rahul Verma', 'Bhopal'],
  ['Diya Banerjee', 'Kolkata'],
  ['Aryan Kapoor', 'Delhi'],
  ['Pooja Desai', 'Ahmedabad'],
  ['Nikhil Bhat', 'Mangaluru'],
  ['Tanvi Patil', 'Nashik'],
  ['Harsh Chauhan', 'Indore'],
  ['Riya Saxena', 'Noida'],
  ['Manish Yadav', 'Patna'],
  ['Lakshmi Krishnan', 'Coimbatore'],
  ['Farhan Qureshi', 'Hyderabad'],
] as const;

const plans = ['Basic', 'Gold', 'Platinum'] as const;
const notes = ['Prefers WhatsApp, evenings.', 'Asked about the annual plan.', '', 'Referred by a friend!', ''];

/**
 * Demo data of the customer master: four attributes, two segments (Newsletter, VIP), one group and
 * 25 customers with Indian mobile numbers. Every row passes the same checks as the API.
 */
export async function seedDemoCustomers(tx: Tx, enterpriseId: string): Promise<void> {
  const fieldRows = await tx
    .insert(customerFields)
    .values(
      fieldBodies.map((body, position) => {
        const parsed = customerFieldBody.parse(body);
        return { enterpriseId, ...parsed, inputType: parsed.inputType ?? null, position };
      }),
    )
    .returning();
  const definitions = fieldRows.map((row, index) => toCustomerField(row, index));
  const [city, email, plan, note] = definitions;

  const [newsletter, vip] = await tx
    .insert(customerSegments)
    .values([
      { enterpriseId, name: 'Newsletter' },
      { enterpriseId, name: 'VIP' },
    ])
    .returning({ id: customerSegments.id });
  const [priority] = await tx
    .insert(customerGroups)
    .values({ enterpriseId, name: 'Priority Support' })
    .returning({ id: customerGroups.id });

  const rows = people.map(([name, town], n) => {
    const phoneNumber = customerPhone(`98${String(76_500_100 + n * 37).padStart(8, '0')}`, 'IN');
    const data: Record<string, string> = {
      [city!.id]: town,
      [email!.id]: `${name.toLowerCase().replace(' ', '.')}@example.in`,
      [plan!.id]: plans[n % plans.length]!,
    };
    if (notes[n % notes.length]) data[note!.id] = notes[n % notes.length]!;
    const errors = [
      validateFieldValue(standardFields[0]!, name),
      phoneNumber ? null : 'invalid phone',
      ...definitions.map((field) => validateFieldValue(field, data[field.id])),
    ].filter((error) => error !== null);
    if (errors.length > 0) throw new Error(`demo customer ${name} is invalid: ${errors.join('; ')}`);
    return { enterpriseId, name, phoneNumber: phoneNumber!, data, whatsAppNumber: n % 2 === 0 ? phoneNumber : null };
  });
  const inserted = await tx.insert(customers).values(rows).returning({ id: customers.id });

  // Everyone but every fifth customer reads the newsletter; Platinum customers are VIPs.
  const newsletterIds = inserted.filter((_, n) => n % 5 !== 4).map((row) => row.id);
  const vipIds = inserted.filter((_, n) => n % plans.length === 2).map((row) => row.id);
  const members = [
    ...newsletterIds.map((customerId) => ({ segmentId: newsletter!.id, customerId })),
    ...vipIds.map((customerId) => ({ segmentId: vip!.id, customerId })),
  ];
  await tx.insert(customerSegmentMembers).values(members);
  await tx
    .update(customerSegments)
    .set({ memberCount: newsletterIds.length })
    .where(eq(customerSegments.id, newsletter!.id));
  await tx.update(customerSegments).set({ memberCount: vipIds.length }).where(eq(customerSegments.id, vip!.id));
  await tx
    .insert(customerGroupMembers)
    .values(vipIds.slice(0, 4).map((customerId) => ({ groupId: priority!.id, customerId })));
}
