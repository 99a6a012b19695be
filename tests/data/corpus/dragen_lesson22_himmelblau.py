# Source: dragen1860/Deep-Learning-with-PyTorch-Tutorials (https://github.com/dragen1860/Deep-Learning-with-PyTorch-Tutorials), code for 龙良曲《深度学习与PyTorch入门实战》 course, lesson 22 (优化小实例, Himmelblau)
# File: lesson22-优化小实例/main.py (commit 7535c8fa04b69ac224189d201e1628282691e9a5)
# License: none stated in the repository
# Changes: plotting dropped: the mpl_toolkits.mplot3d and matplotlib imports, and the lines from fig = plt.figure('himmelblau') to plt.show() (fig, ax.plot_surface, ax.view_init, ax.set_xlabel, ax.set_ylabel, plt.show)

import  numpy as np
import  torch



def himmelblau(x):
    return (x[0] ** 2 + x[1] - 11) ** 2 + (x[0] + x[1] ** 2 - 7) ** 2


x = np.arange(-6, 6, 0.1)
y = np.arange(-6, 6, 0.1)
print('x,y range:', x.shape, y.shape)
X, Y = np.meshgrid(x, y)
print('X,Y maps:', X.shape, Y.shape)
Z = himmelblau([X, Y])



# [1., 0.], [-4, 0.], [4, 0.]
x = torch.tensor([-4., 0.], requires_grad=True)
optimizer = torch.optim.Adam([x], lr=1e-3)
for step in range(20000):

    pred = himmelblau(x)

    optimizer.zero_grad()
    pred.backward()
    optimizer.step()

    if step % 2000 == 0:
        print ('step {}: x = {}, f(x) = {}'
               .format(step, x.tolist(), pred.item()))
