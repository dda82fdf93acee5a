import { describe, expect, it } from 'vitest'
import { deriveProxyWallet } from '../../service/venue/proxyWallet.js'

// Research file venue.md §5: the Safe pairs are real (an issue of the venue's client, a public config); the proxy
// pair is recomputed from the init-code template (no real pair published).
describe('deriveProxyWallet', () => {
  it.each([
    ['0x76a22D91bcb74261EB53354e25CE4F37dDa32934', '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC'],
    ['0xb18ec66081b444037f7c1b5ffee228693b854e7a', '0x45dCeb24119296fB57D06d83c1759cC191c3c96E'],
  ])('derives the Safe of %s as the venue does', (owner, wallet) => {
    expect(deriveProxyWallet(owner)).toBe(wallet)
  })

  it('derives the email-login proxy from its own factory and salt', () => {
    expect(deriveProxyWallet('0x76a22D91bcb74261EB53354e25CE4F37dDa32934', 'proxy')).toBe(
      '0x377Dc8091afdE2F2B72202400da069B9A5bef918',
    )
  })

  it('does not depend on the case of the owner', () => {
    const owner = '0xb18ec66081b444037f7c1b5ffee228693b854e7a'
    expect(deriveProxyWallet(owner.toUpperCase().replace('0X', '0x'))).toBe(deriveProxyWallet(owner))
  })
})
