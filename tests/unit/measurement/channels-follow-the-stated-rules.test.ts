// The channel of a visit, derived on the server from its referrer's host and UTM values by the
// rules written in supabase/functions/_shared/measurement/channel.ts.
import { describe, expect, it } from 'vitest'
import { channelOf } from '../../../supabase/functions/_shared/measurement/channel.ts'

describe('the channel of a visit', () => {
  it.each([
    [{}, 'direct'],
    [{ referrerHost: 'www.google.com', utmSource: 'google', utmMedium: 'cpc' }, 'paid-search'],
    [{ utmMedium: 'PPC' }, 'paid-search'],
    [{ utmSource: 'facebook', utmMedium: 'cpc' }, 'social'],
    [{ referrerHost: 'www.google.com' }, 'organic-search'],
    [{ referrerHost: 'www.bing.com' }, 'organic-search'],
    [{ referrerHost: 'duckduckgo.com' }, 'organic-search'],
    [{ referrerHost: 'search.brave.com' }, 'organic-search'],
    [{ referrerHost: 'mail.google.com' }, 'email'],
    [{ utmMedium: 'email', utmSource: 'newsletter' }, 'email'],
    [{ referrerHost: 'm.facebook.com' }, 'social'],
    [{ referrerHost: 't.co' }, 'social'],
    [{ utmMedium: 'social' }, 'social'],
    [{ referrerHost: 'www.orlandochamber.org' }, 'referral'],
    [{ referrerHost: 'notgoogle.example' }, 'referral'],
    [{ utmMedium: 'referral' }, 'referral'],
  ] as const)('%j is %s', (source, channel) => {
    expect(channelOf(source)).toBe(channel)
  })
})
