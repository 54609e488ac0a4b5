Feature: time-leave
