# torch.distributions: Normal, Bernoulli, Categorical, Uniform (draws, log_prob, entropy, validation, repr, KL), REINFORCE and a VAE's reparameterization
import torch
from torch.distributions import Normal, Categorical, Bernoulli, Uniform, kl_divergence
torch.manual_seed(0)
mu = torch.tensor([0.5, 1.0], requires_grad=True)
d = Normal(mu, 2.0)
print(d, d.loc is mu, d.scale, d.batch_shape, d.event_shape)
print(Normal(0., 1.), Normal(torch.zeros(3), 1.))
s = d.rsample()
print(s, s.grad_fn.name())
lp = d.log_prob(torch.tensor([0., 1.]))
print(lp)
lp.sum().backward()
print(mu.grad)
print(d.entropy(), d.sample((2,)), d.mean, d.stddev, d.variance)
c = Categorical(torch.tensor([0.2, 0.3, 0.5]))
print(c)
print(c.probs, c.sample(), c.sample((4,)), c.log_prob(torch.tensor(1)), c.entropy())
print(c)
print(Categorical(logits=torch.tensor([1., 2., 3.])).probs)
b = Bernoulli(0.3)
print(b.sample((3,)), b.log_prob(torch.tensor(1.)), b.entropy(), b)
u = Uniform(0., 2.)
print(u, u.sample((3,)), u.log_prob(torch.tensor(0.5)), u.entropy())
for bad in (lambda: Normal(0., -1.), lambda: d.log_prob(torch.ones(3)), lambda: Categorical(torch.tensor([0.2, -0.3])),
            lambda: Bernoulli(probs=0.2, logits=0.1), lambda: Uniform(1., 0.), lambda: b.log_prob(torch.tensor(0.5)),
            lambda: kl_divergence(Categorical(torch.ones(2)), Normal(0., 1.))):
    try:
        bad()
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
print(kl_divergence(Normal(0., 1.), Normal(1., 2.)))
print(kl_divergence(Categorical(torch.tensor([0.2, 0.8])), Categorical(torch.tensor([0.5, 0.5]))))
print(kl_divergence(Bernoulli(0.2), Bernoulli(0.6)), kl_divergence(Uniform(0., 1.), Uniform(-1., 2.)))
# REINFORCE, as PyTorch's distributions page writes it
probs = torch.softmax(torch.tensor([1.0, 0.5, -0.5], requires_grad=True), dim=0)
m = Categorical(probs)
action = m.sample()
loss = -m.log_prob(action) * 2.0
loss.backward()
print(action, loss, loss.grad_fn.name())
# a VAE's reparameterization
mu, logvar = torch.zeros(2, 3, requires_grad=True), torch.zeros(2, 3, requires_grad=True)
z = Normal(mu, torch.exp(0.5 * logvar)).rsample()
z.pow(2).sum().backward()
print(z, mu.grad, logvar.grad)
print(Normal(torch.zeros(2), torch.ones(2)).expand((3, 2)).sample(), Bernoulli(torch.tensor([0.1, 0.9])).enumerate_support())
print(Categorical(torch.ones(2, 3)).sample((2,)), Categorical(torch.ones(2, 3)).batch_shape)
print(kl_divergence(Normal(0., 1.), Uniform(0., 1.)), kl_divergence(Uniform(0., 1.), Normal(0.5, 2.)))
print(Normal(torch.tensor([1.0, 2.0]), torch.tensor([0.5, 1.0])).cdf(torch.tensor([1.0, 0.0])), b.mode, b.variance)
print(Uniform(torch.zeros(2), torch.ones(2)).rsample((2,)), c.mode, c.mean, d.perplexity())
print(Normal(0., 1.).sample_n(2))
